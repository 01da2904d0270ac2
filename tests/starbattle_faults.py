"""Copies of the Star Battle deduction kernels with one rule made wrong, for the soundness
tests to catch.

A copy is made from the kernel's own source, found through the kernel function (wherever it
lives), and run uncompiled: the same code read by Python, so the production kernel carries no
switch for the fault."""

from __future__ import annotations

import inspect
import sys
import types

NJIT = "from numba import njit"


def kernel_copy(kernel, sound: str | None = None, fault: str | None = None):
    """The uncompiled twin of the compiled `kernel`, from a copy of its module's source with
    the text `sound` (which must occur once) replaced by `fault`."""
    function = kernel.py_func
    source = open(inspect.getsourcefile(function)).read()
    assert source.count(NJIT) == 1, "the kernels import njit another way: plant the fault anew"
    if sound is not None:
        assert source.count(sound) == 1, f"{sound!r} moved: plant the fault anew"
        source = source.replace(sound, fault)
    source = source.replace(NJIT, "def njit(**options):\n    return lambda function: function")
    module = types.ModuleType(f"copy_of_{function.__module__.replace('.', '_')}")
    sys.modules[module.__name__] = module
    try:
        exec(compile(source, f"{module.__name__}.py", "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    return getattr(module, function.__name__)


def use_kernel(monkeypatch, kernel, replacement) -> None:
    """Every Star Battle module that calls `kernel` calls `replacement` instead."""
    name = kernel.py_func.__name__
    for module_name, module in list(sys.modules.items()):
        if module_name.startswith("pipeline.starbattle") and \
                getattr(module, name, None) is kernel:
            monkeypatch.setattr(module, name, replacement)
