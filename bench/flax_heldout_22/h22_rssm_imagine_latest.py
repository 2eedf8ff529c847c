# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "stoch" in "/" because collection "latest" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 imagine's raw lax.scan body calls self(...) (the img_step), which put_variable()s the "latest" collection
# modelled on: a dreamerv3_flax port (linen Agent/WorldModel, imagine over img_horizon; search result, repository not named) and google/aqt#667 flax_e2e_model.py example fails (ModifyScopeVariableError in serving)
"""Dreamer-style recurrent state-space model: imagined rollouts for actor-critic learning."""

import jax
import jax.numpy as jnp
from flax import linen as nn

STOCH, DETER, HIDDEN, ACTION = 4, 8, 16, 2


class RSSM(nn.Module):
    @nn.compact
    def __call__(self, prev_stoch, prev_deter, action, eps):
        """Prior (img) step: deterministic GRU update, then a Gaussian latent."""
        x = nn.elu(nn.Dense(HIDDEN, name="img_in")(jnp.concatenate([prev_stoch, action], -1)))
        deter, _ = nn.GRUCell(DETER, name="gru")(prev_deter, x)
        stats = nn.Dense(2 * STOCH, name="img_out")(nn.elu(deter))
        mean, std = jnp.split(stats, 2, axis=-1)
        stoch = mean + (nn.softplus(std) + 0.1) * eps
        # the acting loop reads the most recent latent back from here
        self.put_variable("latest", "stoch", stoch)
        self.put_variable("latest", "deter", deter)
        return stoch, deter

    def imagine(self, stoch, deter, actions, noise):
        def img_step(carry, inputs):
            action, eps = inputs
            stoch, deter = self(*carry, action, eps)
            return (stoch, deter), jnp.concatenate([stoch, deter], -1)

        _, feats = jax.lax.scan(img_step, (stoch, deter), (actions, noise))
        return feats


def main():
    batch, horizon = 3, 5
    model = RSSM()
    stoch0, deter0 = jnp.zeros((batch, STOCH)), jnp.zeros((batch, DETER))
    variables = model.init(jax.random.key(0), stoch0, deter0, jnp.zeros((batch, ACTION)), jnp.zeros((batch, STOCH)))
    actions = jnp.tanh(jax.random.normal(jax.random.key(1), (horizon, batch, ACTION)))
    noise = jax.random.normal(jax.random.key(2), (horizon, batch, STOCH))
    feats = model.apply(variables, stoch0, deter0, actions, noise, method=RSSM.imagine)
    print("imagined features", feats.shape, float(feats.mean()))
    return None
