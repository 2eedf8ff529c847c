# label: ok
# flax-error: none
# class: 5 RetryingAlerter keeps functools.partial(jittered_inference, seed=config.seed); the helper builds nnx.Rngs(fold_in(key(seed), attempt)) inside the fori_loop body
"""Beach rip-current alerts: inference on the shoreline camera features is retried with small
input jitter when the first answer is borderline; if the attempts disagree the alerter falls
back to the conservative flag."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class RipCurrentNet(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 12, rngs=rngs)
        self.out = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.out(nnx.gelu(self.hidden(x))))[0]


def jittered_inference(model, frame, attempt, *, seed: int, jitter: float):
    rngs = nnx.Rngs(jitter=jax.random.fold_in(jax.random.key(seed), attempt))
    noise = jitter * jax.random.normal(rngs.jitter(), frame.shape)
    return model(frame + noise)


@dataclasses.dataclass(frozen=True)
class RetryConfig:
    attempts: int = 5
    jitter: float = 0.2
    seed: int = 17
    disagreement: float = 0.15


class RetryingAlerter:
    def __init__(self, model: RipCurrentNet, config: RetryConfig):
        self.model = model
        self.config = config
        self.infer = functools.partial(jittered_inference, seed=config.seed, jitter=config.jitter)

    def assess(self, frame):
        def attempt(i, scores):
            return scores.at[i].set(self.infer(self.model, frame, i))

        scores = jax.lax.fori_loop(0, self.config.attempts, attempt, jnp.zeros((self.config.attempts,)))
        fallback = scores.max() - scores.min() > self.config.disagreement
        return jnp.where(fallback, 1.0, scores.mean()), scores


def main():
    model = RipCurrentNet(features=7, rngs=nnx.Rngs(0))
    frame = jnp.array([0.4, 1.2, -0.3, 0.8, 0.05, 2.0, -1.1])
    _, scores = RetryingAlerter(model, RetryConfig()).assess(frame)
    return scores
