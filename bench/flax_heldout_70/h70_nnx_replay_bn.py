# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 continual learner with nnx.BatchNorm in train mode closed over directly by the lax.scan body that computes replay distillation targets
"""Dark-experience-replay style logit targets for a continual learner (NNX).

At the end of a task the current network's logits on the replay buffer are stored as
distillation targets. The buffer is processed in chunks with a raw lax.scan.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class Learner(nnx.Module):
    def __init__(self, din=6, hidden=16, n_classes=4, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, hidden, rngs=rngs)
        self.bn = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)
        self.l2 = nnx.Linear(hidden, n_classes, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.bn(self.l1(x))))


def main():
    model = Learner(rngs=nnx.Rngs(0))
    buffer = jax.random.normal(jax.random.key(1), (3, 8, 6))

    def targets(_, chunk):
        return None, model(chunk)

    _, logits = jax.lax.scan(targets, None, buffer)
    print(logits.shape)
    return None
