# label: ok
# flax-error: none
# class: 3 SignalAgent.collect carries the ReplayBuffer's nnx.state through the while_loop, merges it in the body and nnx.update()s the buffer afterwards
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class ReplayStorage(nnx.Variable):
    pass


class ReplayBuffer(nnx.Module):
    def __init__(self, capacity, n_int, obs_dim):
        self.capacity = capacity
        self.obs = ReplayStorage(jnp.zeros((capacity, n_int, obs_dim)))
        self.actions = ReplayStorage(jnp.zeros((capacity, n_int), jnp.int32))
        self.ptr = ReplayStorage(jnp.zeros((), jnp.int32))

    def add(self, obs, action):
        slot = self.ptr.value % self.capacity
        self.obs.value = self.obs.value.at[slot].set(obs)
        self.actions.value = self.actions.value.at[slot].set(action)
        self.ptr.value = self.ptr.value + 1


class PhasePolicy(nnx.Module):
    def __init__(self, obs_dim, n_phases, *, rngs):
        self.q = nnx.Linear(obs_dim, n_phases, rngs=rngs)

    def __call__(self, obs):
        return jnp.argmax(self.q(obs), -1)


def queue_dynamics(obs, phase):
    return jnp.clip(obs - 0.5 * jax.nn.one_hot(phase, obs.shape[-1]) + 0.1, 0.0, 10.0)


class SignalAgent:
    def __init__(self, policy, buffer):
        self.policy = policy
        self.buffer = buffer

    def collect(self, obs0, max_steps):
        buf_def, buf_state = nnx.split(self.buffer)

        def cond(carry):
            t, obs, _ = carry
            return (t < max_steps) & (obs.sum() > 0.0)

        def body(carry):
            t, obs, buf_state = carry
            buffer = nnx.merge(buf_def, buf_state)
            action = self.policy(obs)
            buffer.add(obs, action)
            return t + 1, queue_dynamics(obs, action), nnx.state(buffer)

        t, obs, buf_state = lax.while_loop(cond, body, (0, obs0, buf_state))
        nnx.update(self.buffer, buf_state)
        return t, obs


def main():
    agent = SignalAgent(PhasePolicy(4, 4, rngs=nnx.Rngs(0)), ReplayBuffer(16, 3, 4))
    agent.collect(jnp.ones((3, 4)), 10)
    return None
