# label: trace-context
# flax-error: TraceContextError: Cannot mutate AdapterUsage from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 LoRA layer increments an nnx.Variable subclass counter on each call; the wrapper's fori_loop body calls the adapted layer created outside it
"""LoRA adapters on a frozen backbone, with a per-adapter usage counter kept as an nnx.Variable subclass."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class AdapterUsage(nnx.Variable):
    pass


class LoRALinear(nnx.Module):
    def __init__(self, base: nnx.Linear, rank: int, *, rngs: nnx.Rngs):
        self.base = base
        din, dout = base.kernel.shape
        self.lora_a = nnx.LoRAParam(jax.random.normal(rngs.params(), (din, rank)) * 0.02)
        self.lora_b = nnx.LoRAParam(jnp.zeros((rank, dout)))
        self.calls = AdapterUsage(jnp.zeros((), jnp.int32))

    def __call__(self, x):
        self.calls.value += 1
        return self.base(x) + x @ self.lora_a[...] @ self.lora_b[...]


class IterativeRefiner(nnx.Module):
    """Applies the same adapted block a fixed number of times (weight-tied refinement)."""

    def __init__(self, dim, rank, n_iters, *, rngs):
        self.block = LoRALinear(nnx.Linear(dim, dim, rngs=rngs), rank, rngs=rngs)
        self.n_iters = n_iters

    def __call__(self, x):
        def body(i, h):
            return h + 0.1 * nnx.tanh(self.block(h))

        return lax.fori_loop(0, self.n_iters, body, x)


def main():
    model = IterativeRefiner(6, 2, 4, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.LoRAParam)  # backbone stays frozen
    x = jax.random.normal(jax.random.key(1), (3, 6))
    y = model(x)
    print(float(y.sum()), int(model.block.calls.value))
    return None
