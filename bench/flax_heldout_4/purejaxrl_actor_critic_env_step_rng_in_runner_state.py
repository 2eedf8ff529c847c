# label: ok
# flax-error: none
# class: 1 purejaxrl-style rollout: _env_step splits the rng carried in runner_state and calls network.apply
import jax
import jax.numpy as jnp
import flax.linen as nn
import numpy as np
from flax.linen.initializers import constant, orthogonal
from flax.training.train_state import TrainState
import optax


class ActorCritic(nn.Module):
    action_dim: int

    @nn.compact
    def __call__(self, x):
        a = nn.tanh(nn.Dense(64, kernel_init=orthogonal(np.sqrt(2)), bias_init=constant(0.0))(x))
        logits = nn.Dense(self.action_dim, kernel_init=orthogonal(0.01), bias_init=constant(0.0))(a)
        c = nn.tanh(nn.Dense(64, kernel_init=orthogonal(np.sqrt(2)), bias_init=constant(0.0))(x))
        value = nn.Dense(1, kernel_init=orthogonal(1.0), bias_init=constant(0.0))(c)
        return logits, jnp.squeeze(value, -1)


def env_step(obs, action):
    obs = obs + 0.1 * (action[:, None].astype(jnp.float32) - 0.5)
    reward = -jnp.sum(obs ** 2, -1)
    return obs, reward


def make_rollout(network, num_steps):
    def _env_step(runner_state, unused):
        train_state, last_obs, rng = runner_state
        rng, _rng = jax.random.split(rng)
        logits, value = network.apply(train_state.params, last_obs)
        action = jax.random.categorical(_rng, logits)
        obs, reward = env_step(last_obs, action)
        return (train_state, obs, rng), (action, reward, value)

    def rollout(runner_state):
        return jax.lax.scan(_env_step, runner_state, None, num_steps)

    return jax.jit(rollout)


def main():
    network = ActorCritic(action_dim=2)
    rng = jax.random.PRNGKey(0)
    rng, init_rng = jax.random.split(rng)
    obs = jnp.zeros((4, 3))
    params = network.init(init_rng, obs)
    train_state = TrainState.create(apply_fn=network.apply, params=params, tx=optax.adam(3e-4))
    runner_state, (actions, rewards, values) = make_rollout(network, 16)((train_state, obs, rng))
    print(actions.shape, rewards.mean())
    return actions
