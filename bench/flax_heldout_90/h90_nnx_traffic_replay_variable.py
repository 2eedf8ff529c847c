# label: trace-context
# flax-error: TraceContextError: Cannot mutate ReplayStorage from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 SignalAgent.collect calls self.buffer.add(), which writes ReplayStorage variables of an nnx.Module, inside the while_loop body
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
        def cond(carry):
            t, obs = carry
            return (t < max_steps) & (obs.sum() > 0.0)

        def body(carry):
            t, obs = carry
            action = self.policy(obs)
            self.buffer.add(obs, action)
            return t + 1, queue_dynamics(obs, action)

        return lax.while_loop(cond, body, (0, obs0))


def main():
    agent = SignalAgent(PhasePolicy(4, 4, rngs=nnx.Rngs(0)), ReplayBuffer(16, 3, 4))
    agent.collect(jnp.ones((3, 4)), 10)
    return None
