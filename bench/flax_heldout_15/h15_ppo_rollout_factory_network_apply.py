# label: ok
# flax-error: none
# class: 4 factory returns a jitted rollout whose lax.scan body calls network.apply(params, obs) with the key split in the carry
import jax
import jax.numpy as jnp
import flax.linen as nn


class ActorCritic(nn.Module):
    action_dim: int = 4

    @nn.compact
    def __call__(self, obs):
        a = nn.tanh(nn.Dense(64)(obs))
        logits = nn.Dense(self.action_dim)(nn.tanh(nn.Dense(64)(a)))
        c = nn.tanh(nn.Dense(64)(obs))
        value = nn.Dense(1)(nn.tanh(nn.Dense(64)(c)))
        return logits, jnp.squeeze(value, -1)


def env_step(obs, action):
    shift = jnp.array([[0.1, 0.0], [-0.1, 0.0], [0.0, 0.1], [0.0, -0.1]])[action]
    next_obs = jnp.clip(obs + shift, -1.0, 1.0)
    return next_obs, -jnp.sum(next_obs ** 2)


def make_rollout(network, num_steps):
    def rollout(params, obs, key):
        def _env_step(carry, _):
            obs, key = carry
            key, sample_key = jax.random.split(key)
            logits, value = network.apply(params, obs)
            action = jax.random.categorical(sample_key, logits)
            obs, reward = env_step(obs, action)
            return (obs, key), (action, value, reward)

        _, traj = jax.lax.scan(_env_step, (obs, key), None, num_steps)
        return traj

    return jax.jit(rollout)


def main():
    network = ActorCritic()
    obs = jnp.zeros((2,))
    params = network.init(jax.random.key(0), obs)
    rollout = make_rollout(network, num_steps=16)
    actions, values, rewards = rollout(params, obs, jax.random.key(1))
    return actions
