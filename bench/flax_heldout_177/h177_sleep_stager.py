# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 HypnogramService.session.bound is model.bind(variables, mutable=['smoothing']); the scan body calls it and the module writes its smoothing posterior inside the body
"""Sleep stage classifier: a night of 30-second EEG epochs is staged (W, N1, N2, N3, REM) with a
posterior that is smoothed from epoch to epoch. A session keeps the model bound to its variables;
the hypnogram service scans the night and hands the smoothing state on to the next night."""
import jax
import jax.numpy as jnp
from flax import linen as nn

STAGES = ("W", "N1", "N2", "N3", "REM")


class Stager(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, epoch):
        smooth = self.variable("smoothing", "posterior", lambda: jnp.full((len(STAGES),), 1.0 / len(STAGES)))
        logits = nn.Dense(len(STAGES))(nn.relu(nn.Dense(self.hidden)(epoch)))
        posterior = 0.7 * jax.nn.softmax(logits) + 0.3 * smooth.value
        smooth.value = posterior
        return posterior


class StagerSession:
    def __init__(self, model, variables):
        self.params = variables["params"]
        self.bound = model.bind(variables, mutable=["smoothing"])

    def classify(self, epoch):
        return self.bound(epoch)

    def handover(self):
        return {"params": self.params, "smoothing": self.bound.variables["smoothing"]}


class HypnogramService:
    def __init__(self, session):
        self.session = session

    def score_night(self, epochs):
        def body(count, epoch):
            posterior = self.session.classify(epoch)
            return count + 1, jnp.argmax(posterior)

        _, stages = jax.lax.scan(body, jnp.int32(0), epochs)
        return stages


def main():
    model = Stager()
    nights = jax.random.normal(jax.random.key(0), (2, 8, 12))
    variables = model.init(jax.random.key(1), nights[0, 0])
    service = HypnogramService(StagerSession(model, variables))
    service.score_night(nights[0])
    next_night = HypnogramService(StagerSession(model, service.session.handover()))
    next_night.score_night(nights[1]).block_until_ready()
    return None
