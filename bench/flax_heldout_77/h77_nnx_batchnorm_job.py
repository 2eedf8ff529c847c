# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the batch inference job forgets model.eval(): train-mode nnx.BatchNorm writes its BatchStat variables inside a raw jax.lax.scan over chunks
"""Batch inference job (NNX) with progress reporting."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

scan = jax.lax.scan


class Scorer(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(6, 12, rngs=rngs)
        self.bn = nnx.BatchNorm(12, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.out = nnx.Linear(12, 2, rngs=rngs)

    def __call__(self, x):
        return self.out(self.drop(nnx.relu(self.bn(self.fc(x)))))


class Progress:
    def __init__(self):
        self.events = []

    def update(self, done, total):
        self.events.append((int(done), total))


class InferenceJob:
    def __init__(self, model, chunk=4):
        self.model = model
        self.chunk = chunk
        self.progress = Progress()

    def prepare(self):
        self.model.train()  # left over from the fine-tuning script

    def run(self, data):
        self.prepare()
        chunks = data.reshape(-1, self.chunk, data.shape[-1])

        def body(done, chunk):
            return done + 1, jax.nn.softmax(self.model(chunk))

        done, probs = scan(body, 0, chunks)
        self.progress.update(done, chunks.shape[0])
        return probs.reshape(-1, 2)


def main():
    job = InferenceJob(Scorer(nnx.Rngs(0)))
    job.run(jax.random.normal(jax.random.key(3), (16, 6)))
    return None
