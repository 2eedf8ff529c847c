# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a plain trainer's scan body stores the step's loss on the trainer (`self.last_loss = loss`); read after the scan
"""A plain trainer summing scaled batch means with jax.lax.scan and keeping the latest loss on
itself, read after the run."""
import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self, scale):
        self.scale = scale
        self.last_loss = 0.0

    def run(self, xs):
        def body(total, x):
            loss = jnp.mean(x) * self.scale
            self.last_loss = loss
            return total + loss, loss
        return jax.lax.scan(body, 0.0, xs)


def main():
    trainer = Trainer(0.5)
    total, losses = trainer.run(jnp.ones((4, 3)))
    jax.tree.map(lambda a: a + 0, (total, losses))
    jax.tree.map(lambda a: a + 0, trainer.last_loss)
