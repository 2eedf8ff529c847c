# label: same-values
# flax-error: none
# class: 2 world model's imagine method runs lax.fori_loop whose body calls its nnx.Dropout with one key drawn before the loop
"""World-model imagination in NNX with MC-dropout on the latent transition (for an epistemic
bonus as in ensemble-free model-based RL). The rollout is a fori_loop inside a method; each step
applies the dropout with an explicit key and records the dropout mask."""
import jax
import jax.numpy as jnp
from flax import nnx


class LatentDynamics(nnx.Module):
    def __init__(self, latent, act_dim, rngs: nnx.Rngs):
        self.trans = nnx.Linear(latent + act_dim, latent, rngs=rngs)
        self.drop = nnx.Dropout(0.25)
        self.rngs = rngs

    def imagine(self, z0, actions):
        horizon = actions.shape[0]
        key = self.rngs.dropout()

        def body(t, carry):
            z, masks = carry
            mask = self.drop(jnp.ones_like(z), rngs=key)
            z = jnp.tanh(self.trans(jnp.concatenate([z * mask, actions[t]])))
            return z, masks.at[t].set(mask)

        _, masks = jax.lax.fori_loop(0, horizon, body, (z0, jnp.zeros((horizon,) + z0.shape)))
        return masks


def main():
    model = LatentDynamics(6, 2, nnx.Rngs(params=0, dropout=1))
    return model.imagine(jnp.zeros((6,)), jnp.ones((5, 2)))
