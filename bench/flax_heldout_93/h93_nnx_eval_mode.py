# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'Dropout' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the evaluator's step function calls model.eval() inside the raw scan body on the closed-over model
"""Video-analytics evaluator in NNX: sweeps held-out clips with a model that has dropout and batch norm."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class ClipClassifier(nnx.Module):
    def __init__(self, din, n_classes, rngs: nnx.Rngs):
        self.proj = nnx.Linear(din, 32, rngs=rngs)
        self.norm = nnx.BatchNorm(32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(32, n_classes, rngs=rngs)

    def __call__(self, clip):
        h = self.drop(nnx.relu(self.norm(self.proj(clip))))
        return self.head(h.mean(axis=0))


def make_eval_step(model):
    def eval_step(correct, batch):
        clip, label = batch
        model.eval()
        logits = model(clip)
        return correct + (jnp.argmax(logits) == label), logits

    return eval_step


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.step = make_eval_step(model)

    def run(self, clips, labels):
        correct, _ = jax.lax.scan(self.step, jnp.zeros((), jnp.int32), (clips, labels))
        return correct / clips.shape[0]


def main():
    model = ClipClassifier(10, 4, nnx.Rngs(0))
    clips = jax.random.normal(jax.random.key(1), (6, 5, 10))
    labels = jax.random.randint(jax.random.key(2), (6,), 0, 4)
    Evaluator(model).run(clips, labels)
    return None
