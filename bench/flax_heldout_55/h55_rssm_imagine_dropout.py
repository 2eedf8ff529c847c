# label: same-values
# flax-error: none
# class: 1 nn.Dropout submodule (drawing its 'dropout' rng) called in an imagination closure run by jax.lax.scan
"""RSSM-style world model imagining a trajectory inside the module; the transition MLP uses
MC dropout for epistemic uncertainty and the per-step dropout masks are returned for logging."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ImagineRollout(nn.Module):
    deter: int = 8
    horizon: int = 5
    rate: float = 0.3

    @nn.compact
    def __call__(self, h0, actions):
        cell = nn.GRUCell(self.deter, name="gru")
        drop = nn.Dropout(self.rate, deterministic=False)
        cell(h0, actions[0])

        def imagine(h, a):
            mask = drop(jnp.ones_like(h))
            h, _ = cell(h * mask, a)
            return h, mask

        _, masks = jax.lax.scan(imagine, h0, actions)
        return masks


def main():
    model = ImagineRollout()
    h0 = jnp.zeros((8,))
    actions = jnp.ones((5, 2))
    variables = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, h0, actions)
    masks = model.apply(variables, h0, actions, rngs={"dropout": jax.random.key(2)})
    return masks
