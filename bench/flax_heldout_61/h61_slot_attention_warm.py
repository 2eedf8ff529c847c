# label: ok
# flax-error: none
# class: 1 the first slot iteration runs before jax.lax.scan so init creates the GRU and query params outside it; the scanned closure only reads them
"""Slot Attention (Locatello et al. 2020) with the iterative slot update written as a raw scan."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class SlotAttention(nn.Module):
    num_slots: int = 3
    dim: int = 8
    iters: int = 3
    eps: float = 1e-8

    @nn.compact
    def __call__(self, inputs):
        b = inputs.shape[0]
        inputs = nn.LayerNorm(name="norm_inputs")(inputs)
        k = nn.Dense(self.dim, use_bias=False, name="to_k")(inputs)
        v = nn.Dense(self.dim, use_bias=False, name="to_v")(inputs)
        to_q = nn.Dense(self.dim, use_bias=False, name="to_q")
        gru = nn.GRUCell(self.dim, name="gru")
        norm_slots = nn.LayerNorm(name="norm_slots")
        mu = self.param("slots_mu", nn.initializers.normal(1.0), (1, 1, self.dim))
        slots = jnp.broadcast_to(mu, (b, self.num_slots, self.dim))

        def iterate(slots, _):
            q = to_q(norm_slots(slots))
            logits = jnp.einsum("bid,bjd->bij", k, q) * self.dim ** -0.5
            attn = jax.nn.softmax(logits, axis=-1) + self.eps
            attn = attn / attn.sum(axis=1, keepdims=True)
            updates = jnp.einsum("bij,bid->bjd", attn, v)
            new, _ = gru(slots.reshape(-1, self.dim), updates.reshape(-1, self.dim))
            return new.reshape(slots.shape), None

        slots, _ = iterate(slots, None)  # first iteration outside: builds to_q / gru params
        slots, _ = jax.lax.scan(iterate, slots, None, length=self.iters - 1)
        return slots


def main():
    model = SlotAttention()
    x = jnp.ones((2, 5, 8))
    variables = model.init(jax.random.key(0), x)
    model.apply(variables, x)
    return None
