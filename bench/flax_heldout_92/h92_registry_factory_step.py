# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "examples_seen" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a factory looked up in a model registry returns an eval step closing over model and variables; the step is scanned over batches
"""Model registry with step-function factories; the evaluation harness scans the returned step over a split."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax

MODEL_REGISTRY = {}


def register(name):
    def deco(cls):
        MODEL_REGISTRY[name] = cls
        return cls
    return deco


@register("clause-tagger")
class ClauseTagger(nn.Module):
    tags: int = 7

    @nn.compact
    def __call__(self, x):
        seen = self.variable("counters", "examples_seen", lambda: jnp.zeros((), jnp.int32))
        seen.value += x.shape[0]
        return nn.Dense(self.tags)(x)


def make_eval_step(name, rng, sample):
    model = MODEL_REGISTRY[name]()
    variables = model.init(rng, sample)

    def eval_step(carry, batch):
        x, y = batch
        logits = model.apply(variables, x)
        correct = (jnp.argmax(logits, -1) == y).sum()
        return carry + correct, None

    return eval_step


class EvalHarness:
    def __init__(self, step_fn):
        self.step_fn = step_fn

    def accuracy(self, xs, ys):
        correct, _ = lax.scan(self.step_fn, jnp.zeros((), jnp.int32), (xs, ys))
        return correct / ys.size


def main():
    xs = jnp.ones((4, 16, 12))
    ys = jnp.zeros((4, 16), jnp.int32)
    harness = EvalHarness(make_eval_step("clause-tagger", jax.random.key(0), xs[0]))
    harness.accuracy(xs, ys)
    return None
