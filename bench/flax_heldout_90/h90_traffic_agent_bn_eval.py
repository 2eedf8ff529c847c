# label: ok
# flax-error: none
# class: 2 SignalAgent.act calls self.net.apply on the agent's variables with train=False (running averages) inside the fori_loop body
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class QNet(nn.Module):
    n_phases: int = 4

    @nn.compact
    def __call__(self, obs, train: bool = True):
        h = nn.Dense(32)(obs)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.relu(h)
        return nn.Dense(self.n_phases)(h)


class ReplayBuffer:
    def __init__(self, capacity, n_intersections, obs_dim):
        self.obs = jnp.zeros((capacity, n_intersections, obs_dim))
        self.actions = jnp.zeros((capacity, n_intersections), jnp.int32)


class SignalAgent:
    def __init__(self, net, variables):
        self.net = net
        self.variables = variables

    def act(self, obs):
        q = self.net.apply(self.variables, obs, train=False)
        return jnp.argmax(q, axis=-1)


def simulate_queues(obs, phase):
    served = jax.nn.one_hot(phase, obs.shape[-1]) * 0.5
    return jnp.clip(obs - served + 0.1, 0.0, 10.0)


def collect(agent, buffer, obs0, steps):
    def body(t, carry):
        obs, obs_buf, act_buf = carry
        a = agent.act(obs)
        obs_buf = obs_buf.at[t].set(obs)
        act_buf = act_buf.at[t].set(a)
        return simulate_queues(obs, a), obs_buf, act_buf

    _, buffer.obs, buffer.actions = lax.fori_loop(0, steps, body, (obs0, buffer.obs, buffer.actions))
    return buffer


def main():
    net = QNet()
    obs0 = jnp.ones((3, 4))
    variables = net.init(jax.random.PRNGKey(0), obs0)
    collect(SignalAgent(net, variables), ReplayBuffer(8, 3, 4), obs0, 8)
    return None
