# label: same-values
# flax-error: none
# class: 5 make_collect_step(model, params, key) returns the fori_loop body, which closes over the exploration key
"""Actor-critic rollout with a Gaussian policy on a toy point-mass task. The collection step is
built by a factory and run with a raw lax.fori_loop that fills preallocated buffers."""
import jax
import jax.numpy as jnp
from flax import linen as nn

ACT_DIM, OBS_DIM, T = 2, 4, 8


class ActorCritic(nn.Module):
    @nn.compact
    def __call__(self, obs):
        h = nn.tanh(nn.Dense(32)(obs))
        mu = nn.Dense(ACT_DIM)(h)
        log_std = self.param("log_std", nn.initializers.constant(-0.5), (ACT_DIM,))
        value = nn.Dense(1)(h)[..., 0]
        return mu, log_std, value


def make_collect_step(model, params, key):
    def collect_step(t, carry):
        obs, noise_buf, value_buf = carry
        mu, log_std, value = model.apply(params, obs)
        eps = jax.random.normal(key, mu.shape)
        action = mu + jnp.exp(log_std) * eps
        obs = 0.9 * obs + 0.1 * jnp.concatenate([action, action])
        return obs, noise_buf.at[t].set(eps), value_buf.at[t].set(value)
    return collect_step


def main():
    model = ActorCritic()
    obs0 = jnp.ones(OBS_DIM)
    params = model.init(jax.random.key(0), obs0)
    collect_step = make_collect_step(model, params, jax.random.key(1))
    carry = (obs0, jnp.zeros((T, ACT_DIM)), jnp.zeros(T))
    obs, noise, values = jax.lax.fori_loop(0, T, collect_step, carry)
    return noise
