# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 module method passed to apply(method=...) accumulates MAS-style importance into a variable inside the fori_loop body
"""Continual learning regulariser: memory-aware-synapses importance of the encoder's units."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class Learner(nn.Module):
    width: int = 24
    n_classes: int = 5

    def setup(self):
        self.encoder = nn.Dense(self.width)
        self.head = nn.Dense(self.n_classes)
        self.importance = self.variable('importance', 'units', jnp.zeros, (self.width,))

    def __call__(self, x):
        return self.head(nn.relu(self.encoder(x)))

    def accumulate_importance(self, replay):
        def body(i, acc):
            h = nn.relu(self.encoder(replay[i]))
            self.importance.value = self.importance.value + jnp.abs(h) / replay.shape[0]
            return acc + jnp.sum(h)

        return lax.fori_loop(0, replay.shape[0], body, 0.0)


def main():
    replay = jax.random.normal(jax.random.PRNGKey(2), (10, 6))
    model = Learner()
    variables = model.init(jax.random.PRNGKey(0), replay[0])
    total, updated = model.apply(variables, replay, method=Learner.accumulate_importance,
                                 mutable=['importance'])
    penalty = jnp.sum(updated['importance']['units'] * jnp.square(variables['params']['encoder']['kernel']).sum(0))
    print(float(total), float(penalty))
    return None
