# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a PredictionAdapter holds the Linen model and its variables and answers a vendor-style predict() call; it keeps the last response on itself while the refinement while_loop calls it
"""Shipment ETA refinement behind an adapter that mimics a hosted prediction API.

Downstream code was written against a vendor client whose `predict(instances=...)`
returns a dict with "predictions" and "deployed_model_id". The adapter offers the same
surface over a local Linen model and, like the vendor client, remembers the last response
for audit logging. The refiner keeps querying until the predicted correction is small.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class EtaCorrector(nn.Module):
    @nn.compact
    def __call__(self, features):
        h = nn.relu(nn.Dense(8)(features))
        return nn.Dense(1)(h).squeeze(-1)


class PredictionAdapter:
    """Looks like a hosted endpoint client; backed by a Linen model."""

    def __init__(self, model: nn.Module, variables, deployed_model_id: str):
        self.model = model
        self.variables = variables
        self.deployed_model_id = deployed_model_id
        self.last_response = None

    def predict(self, instances):
        preds = self.model.apply(self.variables, instances)
        response = {"predictions": preds, "deployed_model_id": self.deployed_model_id}
        self.last_response = response
        return response


class EtaRefiner:
    def __init__(self, client: PredictionAdapter, tolerance: float = 1e-3, max_rounds: int = 6):
        self.client = client
        self.tolerance = tolerance
        self.max_rounds = max_rounds

    def refine(self, features):
        def cond(state):
            i, _, correction = state
            return (i < self.max_rounds) & (jnp.abs(correction).max() > self.tolerance)

        def body(state):
            i, feats, _ = state
            correction = 0.5 * self.client.predict(feats)["predictions"]
            feats = feats.at[:, 0].add(-correction)
            return i + 1, feats, correction

        start = (0, features, jnp.full((features.shape[0],), jnp.inf))
        _, feats, _ = lax.while_loop(cond, body, start)
        return feats[:, 0]


def main():
    model = EtaCorrector()
    feats = jax.random.uniform(jax.random.key(3), (4, 5))
    client = PredictionAdapter(model, model.init(jax.random.key(0), feats), "eta-corrector-v7")
    EtaRefiner(client).refine(feats)
    audit = client.last_response
    print(audit["deployed_model_id"], jnp.round(audit["predictions"], 3))
    return None
