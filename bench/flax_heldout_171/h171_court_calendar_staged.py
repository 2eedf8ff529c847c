# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[7,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a staged CalendarPipeline (build, configure, run) initialises a model whose compact hearing scorer is first created inside its own scan body
"""Court calendar scheduling: scores hearing slots in a staged build / configure / run pipeline."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class DocketScheduler(nn.Module):
    judges: int = 4

    @nn.compact
    def __call__(self, hearings):
        def body(load, hearing):
            scores = nn.Dense(self.judges, name="assign")(jnp.concatenate([hearing, load]))
            choice = jax.nn.one_hot(jnp.argmin(load - 0.1 * scores), self.judges)
            return load + choice * hearing[0], choice

        load, assignments = jax.lax.scan(body, jnp.zeros(self.judges), hearings)
        return load, assignments


class CalendarPipeline:
    def __init__(self):
        self.model = None
        self.variables = None

    def build(self, judges: int):
        self.model = DocketScheduler(judges)
        return self

    def configure(self, key, sample_docket):
        self.variables = self.model.init(key, sample_docket)
        return self

    def run(self, docket):
        load, assignments = self.model.apply(self.variables, docket)
        return load.max() - load.min(), assignments


def main():
    docket = jax.random.uniform(jax.random.key(8), (9, 3))  # duration, urgency, complexity
    pipeline = CalendarPipeline().build(judges=4).configure(jax.random.key(0), docket)
    imbalance, _ = pipeline.run(docket)
    float(imbalance)
    return None
