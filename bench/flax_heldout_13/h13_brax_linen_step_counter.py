# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "env_steps" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a rollout method run by apply(method=...) without mutable increments a 'counters' variable inside the lax.scan body
import jax
import jax.numpy as jnp
from flax import linen as nn


def pendulum_dynamics(state, torque, dt=0.05):
    theta, omega = state[..., 0], state[..., 1]
    omega = omega + dt * (-9.8 * jnp.sin(theta) + torque)
    return jnp.stack([theta + dt * omega, omega], -1)


class Policy(nn.Module):
    hidden: int = 32

    def setup(self):
        self.torso = nn.Dense(self.hidden)
        self.mean = nn.Dense(1)
        self.env_steps = self.variable("counters", "env_steps", lambda: jnp.zeros((), jnp.int32))

    def __call__(self, obs):
        return jnp.tanh(self.mean(nn.relu(self.torso(obs))))[..., 0]

    def rollout(self, state, horizon):
        def step(state, _):
            torque = self(state)
            self.env_steps.value += state.shape[0]
            nxt = pendulum_dynamics(state, torque)
            return nxt, -jnp.sum(nxt ** 2, -1)

        return jax.lax.scan(step, state, None, length=horizon)


def main():
    policy = Policy()
    state = jnp.tile(jnp.array([[0.3, 0.0]]), (4, 1))
    variables = policy.init(jax.random.key(0), state)
    variables = jax.tree.map(lambda a: a + 0, variables)
    _, rewards = policy.apply(variables, state, 8, method=Policy.rollout)
    jax.tree.map(lambda a: a + 0, rewards)
    return None
