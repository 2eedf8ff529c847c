# label: same-values
# flax-error: none
# class: 2 the PRNG key, a local argument of rollout(), is closed over by the scan body and used every step
"""PPO-style rollout of a Gaussian actor-critic with a raw scan.

Modelled on the kind of thread where a PPO agent explores with the same noise every step: the
key passed to rollout is used directly inside the step function and never split. Returns the per-step
exploration noise.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class ActorCritic(nn.Module):
    act_dim: int = 2

    @nn.compact
    def __call__(self, obs):
        h = nn.tanh(nn.Dense(32)(obs))
        mean = nn.Dense(self.act_dim)(h)
        log_std = self.param('log_std', nn.initializers.zeros, (self.act_dim,))
        value = nn.Dense(1)(h)[..., 0]
        return mean, log_std, value


def env_step(obs, action):
    next_obs = 0.9 * obs + 0.1 * jnp.tanh(action).sum(-1, keepdims=True)
    reward = -jnp.sum(action ** 2, -1)
    return next_obs, reward


def rollout(model, params, obs0, key, n_steps):
    def step(obs, _):
        mean, log_std, value = model.apply(params, obs)
        noise = jax.random.normal(key, mean.shape)
        action = mean + jnp.exp(log_std) * noise
        logp = -0.5 * jnp.sum(noise ** 2 + 2 * log_std + jnp.log(2 * jnp.pi), -1)
        next_obs, reward = env_step(obs, action)
        return next_obs, (noise, reward, value, logp)

    _, traj = lax.scan(step, obs0, None, length=n_steps)
    return traj


def main():
    model = ActorCritic()
    obs0 = jnp.ones((4, 3))
    params = model.init(jax.random.PRNGKey(0), obs0)
    noise, rewards, values, logps = rollout(model, params, obs0, jax.random.PRNGKey(42), 8)
    advantages = rewards - values
    advantages.block_until_ready()
    return noise
