# label: ok
# flax-error: none
# class: 3 the Agent object's `policy` attribute (an nnx.Module with BatchNorm switched to eval mode) is called inside the lax.scan body
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

OBS_DIM, N_ACTIONS = 4, 2


class Policy(nnx.Module):
    def __init__(self, obs_dim, n_actions, *, rngs: nnx.Rngs):
        self.fc = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.bn = nnx.BatchNorm(16, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(16, n_actions, rngs=rngs)

    def __call__(self, obs):
        return self.head(nnx.relu(self.bn(self.fc(obs))))


class Agent:
    def __init__(self, policy):
        self.policy = policy

    def greedy_action(self, obs):
        return jnp.argmax(self.policy(obs), axis=-1)


def cart_step(obs, action):
    force = jnp.where(action == 1, 1.0, -1.0)
    x, v, theta, omega = jnp.moveaxis(obs, -1, 0)
    omega = omega + 0.05 * (jnp.sin(theta) - 0.1 * force)
    v = v + 0.05 * force
    nxt = jnp.stack([x + 0.05 * v, v, theta + 0.05 * omega, omega], axis=-1)
    reward = jnp.where(jnp.abs(nxt[:, 2]) < 0.2, 1.0, 0.0)
    return nxt, reward


def rollout(agent, obs0, horizon):
    agent.policy.eval()

    def body(obs, _):
        action = agent.greedy_action(obs)
        obs, reward = cart_step(obs, action)
        return obs, reward

    return lax.scan(body, obs0, None, length=horizon)


def main():
    agent = Agent(Policy(OBS_DIM, N_ACTIONS, rngs=nnx.Rngs(0)))
    obs0 = jnp.array([[0.0, 0.0, 0.05, 0.0], [0.1, -0.1, -0.02, 0.01], [0.0, 0.2, 0.1, -0.05]])
    last_obs, rewards = rollout(agent, obs0, horizon=6)
    jax.block_until_ready((last_obs, rewards))
