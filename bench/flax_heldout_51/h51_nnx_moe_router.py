# label: trace-context
# flax-error: TraceContextError: Cannot mutate ExpertLoad from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body calls the MoE layer through its router, which accumulates load statistics in an nnx.Variable subclass
"""NNX mixture-of-experts layer: the router keeps running per-expert token counts in a custom
ExpertLoad variable for the load-balancing loss and for monitoring; a forward pass over a long
sequence of micro-batches is a jax.lax.scan."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class ExpertLoad(nnx.Variable):
    """Running per-expert token counts (not trained)."""


class TopOneRouter(nnx.Module):
    def __init__(self, dim, num_experts, *, rngs):
        self.gate = nnx.Linear(dim, num_experts, use_bias=False, rngs=rngs)
        self.load = ExpertLoad(jnp.zeros((num_experts,)))
        self.num_experts = num_experts

    def __call__(self, x):
        probs = jax.nn.softmax(self.gate(x), axis=-1)
        top1 = jnp.argmax(probs, axis=-1)
        counts = jax.nn.one_hot(top1, self.num_experts).sum(0)
        self.load.value = self.load.value + counts
        aux = self.num_experts * jnp.sum(counts / x.shape[0] * probs.mean(0))
        return probs, top1, aux


class MoE(nnx.Module):
    def __init__(self, dim=8, num_experts=4, *, rngs):
        self.router = TopOneRouter(dim, num_experts, rngs=rngs)
        self.experts = nnx.List([nnx.Linear(dim, dim, rngs=rngs) for _ in range(num_experts)])

    def __call__(self, x):
        probs, top1, aux = self.router(x)
        outs = jnp.stack([e(x) for e in self.experts], axis=1)
        y = jnp.take_along_axis(outs, top1[:, None, None], axis=1)[:, 0]
        return y * probs.max(-1, keepdims=True), aux


def run_sequence(moe, chunks):
    def body(aux_total, x):
        y, aux = moe(x)
        return aux_total + aux, y
    return jax.lax.scan(body, jnp.zeros(()), chunks)


def main():
    moe = MoE(rngs=nnx.Rngs(0))
    chunks = jax.random.normal(jax.random.key(1), (6, 16, 8))
    run_sequence(moe, chunks)
    balance = moe.router.load.value / moe.router.load.value.sum()
