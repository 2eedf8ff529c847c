# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,3,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the agent is net.bind(variables, mutable=["replay"]); its remember() method writes the "replay" collection inside the fori_loop body
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax
CAPACITY = 16


class SignalPolicy(nn.Module):
    n_phases: int = 4

    def setup(self):
        self.q = nn.Dense(self.n_phases)
        self.buffer = self.variable("replay", "obs", jnp.zeros, (CAPACITY, 3, 4))
        self.ptr = self.variable("replay", "ptr", lambda: jnp.zeros((), jnp.int32))

    def __call__(self, obs):
        return jnp.argmax(self.q(obs), -1)

    def remember(self, obs):
        self.buffer.value = self.buffer.value.at[self.ptr.value % CAPACITY].set(obs)
        self.ptr.value = self.ptr.value + 1


def queue_dynamics(obs, phase):
    return jnp.clip(obs - 0.5 * jax.nn.one_hot(phase, obs.shape[-1]) + 0.1, 0.0, 10.0)


class ExperienceCollector:
    def __init__(self, agent):
        self.agent = agent

    def run(self, obs0, steps):
        def body(t, obs):
            phase = self.agent(obs)
            self.agent.remember(obs)
            return queue_dynamics(obs, phase)

        return lax.fori_loop(0, steps, body, obs0)

    def sample(self, key, n):
        replay = self.agent.variables["replay"]
        idx = jax.random.randint(key, (n,), 0, CAPACITY)
        return replay["obs"][idx]


def main():
    net = SignalPolicy()
    obs0 = jnp.ones((3, 4))
    variables = net.init(jax.random.PRNGKey(0), obs0)
    collector = ExperienceCollector(net.bind(variables, mutable=["replay"]))
    collector.run(obs0, 10)
    collector.sample(jax.random.PRNGKey(1), 4)
    return None
