# label: ok
# flax-error: none
# class: 2 purejaxrl-style PPO trajectory collection: _env_step scans network.apply(params, obs) with the rng split in the carry; network and params arrive as arguments
"""Trajectory collection as written in purejaxrl's ppo.py: an ActorCritic Linen module, a toy
jittable environment, and a jax.lax.scan over _env_step. The network is only used through
network.apply(train_state params, obs) and the rng is split inside the carry every step."""
import jax
import jax.numpy as jnp
import flax.linen as nn
import numpy as np


class ActorCritic(nn.Module):
    action_dim: int = 3

    @nn.compact
    def __call__(self, x):
        actor = nn.tanh(nn.Dense(16, kernel_init=nn.initializers.orthogonal(np.sqrt(2)))(x))
        logits = nn.Dense(self.action_dim, kernel_init=nn.initializers.orthogonal(0.01))(actor)
        critic = nn.tanh(nn.Dense(16)(x))
        return logits, jnp.squeeze(nn.Dense(1)(critic), -1)


def env_step(state, action):
    pos = state + ((action.astype(jnp.float32) - 1.0) * 0.1)[:, None]
    reward = -jnp.abs(pos).sum(-1)
    return pos, pos, reward


def collect_trajectories(network, params, obs, rng, num_steps):
    def _env_step(runner_state, _):
        env_state, last_obs, rng = runner_state
        rng, _rng = jax.random.split(rng)
        logits, value = network.apply(params, last_obs)
        action = jax.random.categorical(_rng, logits)
        log_prob = jax.nn.log_softmax(logits)[jnp.arange(action.shape[0]), action]
        env_state, obsv, reward = env_step(env_state, action)
        return (env_state, obsv, rng), (action, value, reward, log_prob)

    runner_state = (obs, obs, rng)
    runner_state, traj = jax.lax.scan(_env_step, runner_state, None, num_steps)
    return traj


def main():
    network = ActorCritic()
    obs = jnp.ones((4, 2))
    params = network.init(jax.random.PRNGKey(0), obs)
    actions, values, rewards, log_probs = jax.jit(collect_trajectories, static_argnums=(0, 4))(
        network, params, obs, jax.random.PRNGKey(1), 6
    )
    assert actions.shape == (6, 4)
    return None
