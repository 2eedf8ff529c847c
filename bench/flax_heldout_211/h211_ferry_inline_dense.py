# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[20,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 DelayForecaster.__call__ declares its compact Dense inside the scan body it runs, so init creates the parameters under the scan trace
"""Ferry timetable delay forecasting: a recurrent summary of the legs of a crossing."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class DelayForecaster(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, legs):
        # legs: (n_legs, vessels, features)
        h0 = jnp.zeros((legs.shape[1], self.hidden))

        def body(h, leg):
            z = jnp.concatenate([leg, h], -1)
            h = nn.tanh(nn.Dense(self.hidden, name="leg_mix")(z))
            return h, None

        h, _ = scan(body, h0, legs)
        return nn.Dense(1, name="delay_head")(h)[..., 0]


class DispatchBoard:
    def __init__(self, model, seed=0):
        self.model = model
        self.seed = seed
        self.variables = None

    def warm_up(self, legs):
        self.variables = self.model.init(jax.random.key(self.seed), legs)

    def expected_delay(self, legs):
        return self.model.apply(self.variables, legs)


def main():
    legs = jax.random.normal(jax.random.key(6), (5, 3, 4))
    board = DispatchBoard(DelayForecaster())
    board.warm_up(legs)
    print(board.expected_delay(legs))
    return None
