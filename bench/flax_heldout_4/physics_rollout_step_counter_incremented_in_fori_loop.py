# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 learned simulator counts integration steps in a "counters" variable bumped inside a fori_loop body; count fed back
import jax
import jax.numpy as jnp
import flax.linen as nn


class LearnedSimulator(nn.Module):
    dt: float = 0.05

    def setup(self):
        self.accel = nn.Sequential([nn.Dense(32), nn.tanh, nn.Dense(1)])
        self.num_steps = self.variable("counters", "num_steps", lambda: jnp.array(0, jnp.int32))

    def __call__(self, state):
        return self.accel(state)

    def rollout(self, pos, vel, n):
        def body(i, carry):
            pos, vel = carry
            a = self.accel(jnp.concatenate([pos, vel], -1))
            vel = vel + self.dt * a
            pos = pos + self.dt * vel
            self.num_steps.value += 1
            return pos, vel

        pos, vel = jax.lax.fori_loop(0, n, body, (pos, vel))
        return pos, vel


def main():
    model = LearnedSimulator()
    pos, vel = jnp.zeros((3, 1)), jnp.ones((3, 1))
    variables = model.init(jax.random.PRNGKey(0), jnp.zeros((3, 2)))
    (pos, vel), state = model.apply(variables, pos, vel, 10, method=LearnedSimulator.rollout, mutable=["counters"])
    (pos, vel), state = model.apply({"params": variables["params"], **state}, pos, vel, 10,
                                    method=LearnedSimulator.rollout, mutable=["counters"])
    total = state["counters"]["num_steps"] * 1
    print(total)
    return None
