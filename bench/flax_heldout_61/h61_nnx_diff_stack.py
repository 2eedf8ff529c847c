# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body writes the stack tensors into a dict on a small dataclass state object that the NNX controller's method reads after jax.lax.scan
"""Differentiable stack (Joulin & Mikolov 2015 style) driven by an NNX controller; the stack lives
in a plain dataclass so it can be inspected between sequences."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclasses.dataclass
class StackState:
    depth: int
    width: int
    tensors: dict = dataclasses.field(default_factory=dict)

    def reset(self):
        self.tensors = {"values": jnp.zeros((self.depth, self.width)), "strengths": jnp.zeros((self.depth,))}


class StackController(nnx.Module):
    def __init__(self, width, *, rngs: nnx.Rngs):
        self.ctrl = nnx.Linear(width, 2, rngs=rngs)
        self.readout = nnx.Linear(width, width, rngs=rngs)

    def run(self, seq, stack: StackState):
        signals = jax.nn.sigmoid(self.ctrl(seq))

        def push_pop(carry, inp):
            x, sig = inp
            v = jnp.roll(stack.tensors["values"], 1, axis=0).at[0].set(x)
            s = jnp.roll(stack.tensors["strengths"] * (1.0 - sig[1]), 1).at[0].set(sig[0])
            stack.tensors = {"values": v, "strengths": s}
            return carry, None

        scan(push_pop, None, (seq, signals))
        t = stack.tensors
        return self.readout(jnp.sum(t["values"] * t["strengths"][:, None], axis=0))


def main():
    model = StackController(4, rngs=nnx.Rngs(0))
    stack = StackState(6, 4)
    stack.reset()
    model.run(jnp.linspace(-1.0, 1.0, 20).reshape(5, 4), stack)
    return None
