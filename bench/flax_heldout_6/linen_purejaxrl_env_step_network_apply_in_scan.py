# label: ok
# flax-error: none
# class: 1 purejaxrl-style trajectory collection: the inline scan body calls network.apply(params, obs) as a pure function and splits its own key from the carry
import jax
import jax.numpy as jnp
import flax.linen as nn


class ActorCritic(nn.Module):
    n_actions: int = 2

    @nn.compact
    def __call__(self, x):
        h = nn.tanh(nn.Dense(32)(x))
        return nn.Dense(self.n_actions)(h), nn.Dense(1)(h)[..., 0]


def env_step(state, action):
    pos, vel = state
    vel = vel + 0.05 * (2.0 * action - 1.0)
    pos = pos + vel
    reward = -jnp.abs(pos)
    return (pos, vel), jnp.stack([pos, vel, jnp.sin(pos), jnp.cos(pos)], -1), reward


def main():
    network = ActorCritic()
    n_envs = 4
    obs = jnp.zeros((n_envs, 4))
    params = network.init(jax.random.key(0), obs)

    def _env_step(runner_state, _):
        env_state, last_obs, rng = runner_state
        rng, _rng = jax.random.split(rng)
        logits, value = network.apply(params, last_obs)
        action = jax.random.categorical(_rng, logits)
        env_state, obsv, reward = env_step(env_state, action)
        return (env_state, obsv, rng), (action, value, reward)

    runner_state = ((jnp.zeros(n_envs), jnp.zeros(n_envs)), obs, jax.random.key(1))
    runner_state, traj = jax.lax.scan(_env_step, runner_state, None, length=8)
    return traj[0]
