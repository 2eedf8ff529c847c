# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 ToxicityHandler.handle -> Predictor.predict calls the model (still in train mode, BatchNorm + Dropout) inside the fori_loop body
import jax
import jax.numpy as jnp
from flax import nnx


class ToxNet(nnx.Module):
    def __init__(self, n_bits, hidden, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(n_bits, hidden, rngs=rngs)
        self.bn = nnx.BatchNorm(hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.fc2 = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, fp):
        h = self.drop(nnx.relu(self.bn(self.fc1(fp))))
        return self.fc2(h)[..., 0]


class Predictor:
    def __init__(self, model):
        self.model = model

    def predict(self, fp):
        return jax.nn.sigmoid(self.model(fp))


class ToxicityHandler:
    """POST /toxicity: a request holds several pages of fingerprints."""

    def __init__(self, predictor):
        self.predictor = predictor

    def handle(self, request):
        pages = request["pages"]

        def body(i, out):
            return out.at[i].set(self.predictor.predict(pages[i]))

        probs = jax.lax.fori_loop(0, pages.shape[0], body, jnp.zeros(pages.shape[:2]))
        return {"status": 200, "probs": probs}


def main():
    model = ToxNet(64, 32, rngs=nnx.Rngs(0, dropout=1))
    handler = ToxicityHandler(Predictor(model))
    handler.handle({"pages": jnp.ones((3, 8, 64))})
    return None
