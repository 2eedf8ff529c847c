# label: ok
# flax-error: none
# class: 1 the detector module's own method runs the scan; self.make_rng('jitter') is drawn once before it and folded with the step index inside
"""All-sky meteor camera: a detector proposes jittered streak hypotheses for a frame."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class StreakDetector(nn.Module):
    proposals: int = 6
    hidden: int = 16

    def setup(self):
        self.encoder = nn.Dense(self.hidden)
        self.head = nn.Dense(4)  # x0, y0, angle, length

    def __call__(self, frame):
        return self.head(nn.relu(self.encoder(frame)))

    def propose(self, frame):
        anchor = self(frame)
        base = self.make_rng("jitter")

        def jitter(carry, step):
            noise = jax.random.normal(jax.random.fold_in(base, step), anchor.shape)
            return carry, anchor + 0.05 * noise

        _, hypotheses = jax.lax.scan(jitter, None, jnp.arange(self.proposals))
        return hypotheses


class NightPipeline:
    def __init__(self, detector: StreakDetector, variables, seed: int):
        self.detector = detector
        self.variables = variables
        self.key = jax.random.key(seed)

    def hypotheses_for(self, frame):
        return self.detector.apply(
            self.variables, frame, method=StreakDetector.propose, rngs={"jitter": self.key}
        )


def main():
    frame = jax.random.uniform(jax.random.key(9), (1, 32))
    detector = StreakDetector()
    variables = detector.init(jax.random.key(0), frame)
    pipeline = NightPipeline(detector, variables, seed=21)
    return pipeline.hypotheses_for(frame)
