# label: same-values
# flax-error: none
# class: 1 policy params and the 'sample' rng key closed over by the fori_loop body, the same key passed to apply every step
"""Policy-gradient (REINFORCE) rollout with a Gaussian policy, the
environment loop moved into jax.lax.fori_loop. Returns the exploration
noise used at each step."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax
HORIZON, OBS, ACT = 8, 3, 2


class GaussianPolicy(nn.Module):
    @nn.compact
    def __call__(self, obs):
        h = nn.tanh(nn.Dense(32)(obs))
        mu = nn.Dense(ACT)(h)
        log_std = self.param("log_std", nn.initializers.constant(-0.5), (ACT,))
        eps = jax.random.normal(self.make_rng("sample"), mu.shape)
        return mu + jnp.exp(log_std) * eps, eps


def env_step(obs, action):
    return 0.9 * obs + 0.1 * jnp.concatenate([action, action[:1]]), -jnp.sum(action ** 2)


def main():
    policy = GaussianPolicy()
    key = jax.random.key(0)
    params = policy.init({"params": key, "sample": key}, jnp.zeros(OBS))
    rng = jax.random.key(42)

    def body(t, state):
        obs, noises, ret = state
        action, eps = policy.apply(params, obs, rngs={"sample": rng})
        obs, r = env_step(obs, action)
        return obs, noises.at[t].set(eps), ret + r

    init = (jnp.ones(OBS), jnp.zeros((HORIZON, ACT)), 0.0)
    _, noises, _ = lax.fori_loop(0, HORIZON, body, init)
    return noises
