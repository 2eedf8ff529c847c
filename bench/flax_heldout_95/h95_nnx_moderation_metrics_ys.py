# label: ok
# flax-error: none
# class: 4 the raw jax.lax.scan body only returns each stage's logits and losses as ys; the stage objects' nnx.MultiMetric is updated after the loop
"""Content-moderation pipeline: before a new classifier stage goes live, the pipeline replays
a labelled queue through every stage and collects accuracy and loss per stage."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class PolicyClassifier(nnx.Module):
    def __init__(self, dim, classes, *, rngs):
        self.body = nnx.Linear(dim, 32, rngs=rngs)
        self.head = nnx.Linear(32, classes, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.body(x)))


class ClassifierStage:
    def __init__(self, name, model):
        self.name = name
        self.model = model
        self.metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(),
                                       loss=nnx.metrics.Average('loss'))


class ShadowEvaluation:
    def __init__(self, stages):
        self.stages = stages

    def replay(self, xs, labels):
        def batch_step(carry, batch):
            x, y = batch
            outputs = []
            for stage in self.stages:
                logits = stage.model(x)
                loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
                outputs.append((logits, loss))
            return carry, outputs

        _, outputs = jax.lax.scan(batch_step, None, (xs, labels))
        for stage, (logits, loss) in zip(self.stages, outputs):
            stage.metrics.update(logits=logits.reshape(-1, logits.shape[-1]),
                                 labels=labels.reshape(-1), loss=loss)
        return {s.name: s.metrics.compute() for s in self.stages}


def main():
    stages = [ClassifierStage('hate', PolicyClassifier(16, 3, rngs=nnx.Rngs(0))),
              ClassifierStage('spam', PolicyClassifier(16, 3, rngs=nnx.Rngs(1)))]
    xs = jax.random.normal(jax.random.key(2), (4, 8, 16))
    labels = jax.random.randint(jax.random.key(3), (4, 8), 0, 3)
    report = ShadowEvaluation(stages).replay(xs, labels)
    jax.block_until_ready(report)
    return None
