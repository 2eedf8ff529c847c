# label: ok
# flax-error: none
# class: 1 __call__ splits self into graphdef and state, the scanned closure merges them and carries the state, and nnx.update writes it back after jax.lax.scan
"""Slot Attention (Locatello et al. 2020) in NNX with a residual MLP (with dropout) on the slots."""
import jax
import jax.numpy as jnp
from flax import nnx


class SlotAttention(nnx.Module):
    def __init__(self, dim, num_slots, iters, *, rngs: nnx.Rngs):
        self.dim, self.num_slots, self.iters = dim, num_slots, iters
        self.norm_in = nnx.LayerNorm(dim, rngs=rngs)
        self.norm_slots = nnx.LayerNorm(dim, rngs=rngs)
        self.to_q = nnx.Linear(dim, dim, use_bias=False, rngs=rngs)
        self.to_k = nnx.Linear(dim, dim, use_bias=False, rngs=rngs)
        self.to_v = nnx.Linear(dim, dim, use_bias=False, rngs=rngs)
        self.gru = nnx.GRUCell(dim, dim, rngs=rngs)
        self.mlp = nnx.Sequential(nnx.Linear(dim, 2 * dim, rngs=rngs), nnx.relu,
                                  nnx.Dropout(0.1, rngs=rngs), nnx.Linear(2 * dim, dim, rngs=rngs))
        self.slots_mu = nnx.Param(jax.random.normal(rngs.params(), (1, 1, dim)))

    def __call__(self, inputs):
        b = inputs.shape[0]
        inputs = self.norm_in(inputs)
        k, v = self.to_k(inputs), self.to_v(inputs)
        slots = jnp.broadcast_to(self.slots_mu[...], (b, self.num_slots, self.dim))
        graphdef, state = nnx.split(self)

        def iterate(carry, _):
            slots, state = carry
            m = nnx.merge(graphdef, state)
            q = m.to_q(m.norm_slots(slots))
            attn = jax.nn.softmax(jnp.einsum("bid,bjd->bij", k, q) * self.dim ** -0.5, axis=-1) + 1e-8
            attn = attn / attn.sum(axis=1, keepdims=True)
            updates = jnp.einsum("bij,bid->bjd", attn, v)
            new, _ = m.gru(slots.reshape(-1, self.dim), updates.reshape(-1, self.dim))
            new = new.reshape(slots.shape)
            new = new + m.mlp(new)
            return (new, nnx.state(m)), None

        (slots, state), _ = jax.lax.scan(iterate, (slots, state), None, length=self.iters)
        nnx.update(self, state)
        return slots


def main():
    model = SlotAttention(8, 3, 3, rngs=nnx.Rngs(0, dropout=1))
    model(jnp.ones((2, 5, 8)))
    return None
