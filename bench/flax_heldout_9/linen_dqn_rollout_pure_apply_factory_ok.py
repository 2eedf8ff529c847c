# label: ok
# flax-error: none
# class: 4 a factory closes over model.apply and params; the returned step is the raw scan body of an RL rollout
import jax
import jax.numpy as jnp
import flax.linen as nn


class QNetwork(nn.Module):
    n_actions: int = 4

    @nn.compact
    def __call__(self, obs):
        return nn.Dense(self.n_actions)(nn.relu(nn.Dense(32)(obs)))


def toy_env_step(obs, action):
    next_obs = jnp.roll(obs, 1) + 0.1 * action
    return next_obs, -jnp.sum(next_obs**2)


def make_rollout_step(network, params, target_params, gamma=0.99):
    def step(obs, _):
        action = jnp.argmax(network.apply(params, obs))
        next_obs, reward = toy_env_step(obs, action)
        target = reward + gamma * network.apply(target_params, next_obs).max()
        return next_obs, (action, target)

    return step


def main():
    net = QNetwork()
    obs0 = jnp.ones((3,))
    params = net.init(jax.random.key(0), obs0)
    target_params = jax.tree.map(lambda p: p * 0.5, params)
    step = make_rollout_step(net, params, target_params)
    _, (actions, targets) = jax.lax.scan(step, obs0, None, length=6)
    targets.block_until_ready()
    return None
