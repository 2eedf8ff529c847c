# label: ok
# flax-error: none
# class: 3 the scan body reaches the model through self; each micro-batch's probabilities leave as ys and ServingAdapter.stats is filled after the scan
"""Model-serving adapter for an NNX classifier: request dicts are converted to a feature matrix,
split into fixed-size micro-batches and pushed through the model (in eval mode) with lax.scan;
the adapter keeps serving statistics for its health endpoint."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclasses.dataclass
class ServerStats:
    served: int = 0
    last_probs: jax.Array | None = None


class Classifier(nnx.Module):
    def __init__(self, d_in, n_out, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(d_in, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.head = nnx.Linear(16, n_out, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.gelu(self.hidden(x))))


class RequestConverter:
    FIELDS = ("age", "income", "tenure", "score")

    def __call__(self, requests):
        return jnp.array([[float(r[f]) for f in self.FIELDS] for r in requests])


class ServingAdapter:
    def __init__(self, model, micro_batch=2):
        self.model = model
        self.model.eval()
        self.convert = RequestConverter()
        self.micro_batch = micro_batch
        self.stats = ServerStats()

    def predict(self, requests):
        feats = self.convert(requests).reshape(-1, self.micro_batch, len(RequestConverter.FIELDS))

        def serve(served, mb):
            probs = jax.nn.softmax(self.model(mb))
            return served + mb.shape[0], (probs.argmax(-1), probs)

        served, (labels, probs) = lax.scan(serve, 0, feats)
        self.stats.last_probs = probs[-1]
        self.stats.served += int(served)
        return labels.reshape(-1)

    def health(self):
        return {"served": self.stats.served, "mean_confidence": float(self.stats.last_probs.max(-1).mean())}


def main():
    requests = [{"age": 30 + i, "income": 1.5 * i, "tenure": i % 3, "score": 0.1 * i} for i in range(6)]
    adapter = ServingAdapter(Classifier(4, 3, nnx.Rngs(0)))
    adapter.predict(requests)
    adapter.health()
    return None
