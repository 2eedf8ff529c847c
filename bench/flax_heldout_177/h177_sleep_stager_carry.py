# label: ok
# flax-error: none
# class: 4 HypnogramService.session applies the model with mutable=['smoothing']; the smoothing posterior travels in the scan carry and is stored after the loop
"""Sleep stage classifier: a night of 30-second EEG epochs is staged (W, N1, N2, N3, REM) with a
posterior that is smoothed from epoch to epoch. The session applies the model with the smoothing
collection mutable and the hypnogram service carries that collection through the night."""
import functools

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
        self.smoothing = variables["smoothing"]
        self.apply = functools.partial(model.apply, mutable=["smoothing"])

    def classify(self, smoothing, epoch):
        posterior, updates = self.apply({"params": self.params, "smoothing": smoothing}, epoch)
        return posterior, updates["smoothing"]

    def handover(self):
        return {"params": self.params, "smoothing": self.smoothing}


class HypnogramService:
    def __init__(self, session):
        self.session = session

    def score_night(self, epochs):
        def body(smoothing, epoch):
            posterior, smoothing = self.session.classify(smoothing, epoch)
            return smoothing, jnp.argmax(posterior)

        self.session.smoothing, stages = jax.lax.scan(body, self.session.smoothing, epochs)
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
