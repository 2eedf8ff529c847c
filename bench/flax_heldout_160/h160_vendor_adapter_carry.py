# label: ok
# flax-error: none
# class: 3 a PredictionAdapter holds the Linen model and its variables and answers a vendor-style predict() call; the refinement while_loop carries the last predictions and the adapter records the response after the loop
"""Shipment ETA refinement behind an adapter that mimics a hosted prediction API.

Downstream code was written against a vendor client whose `predict(instances=...)`
returns a dict with "predictions" and "deployed_model_id". The adapter offers the same
surface over a local Linen model and remembers the last response for audit logging; the
refiner carries the predictions in the loop state and hands them to the adapter afterwards.
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
        return {"predictions": preds, "deployed_model_id": self.deployed_model_id}

    def record(self, predictions) -> None:
        self.last_response = {"predictions": predictions, "deployed_model_id": self.deployed_model_id}


class EtaRefiner:
    def __init__(self, client: PredictionAdapter, tolerance: float = 1e-3, max_rounds: int = 6):
        self.client = client
        self.tolerance = tolerance
        self.max_rounds = max_rounds

    def refine(self, features):
        def cond(state):
            i, _, correction, _ = state
            return (i < self.max_rounds) & (jnp.abs(correction).max() > self.tolerance)

        def body(state):
            i, feats, _, _ = state
            preds = self.client.predict(feats)["predictions"]
            correction = 0.5 * preds
            feats = feats.at[:, 0].add(-correction)
            return i + 1, feats, correction, preds

        n = features.shape[0]
        start = (0, features, jnp.full((n,), jnp.inf), jnp.zeros((n,)))
        _, feats, _, last_preds = lax.while_loop(cond, body, start)
        self.client.record(last_preds)
        return feats[:, 0]


def main():
    model = EtaCorrector()
    feats = jax.random.uniform(jax.random.key(3), (4, 5))
    client = PredictionAdapter(model, model.init(jax.random.key(0), feats), "eta-corrector-v7")
    EtaRefiner(client).refine(feats)
    audit = client.last_response
    print(audit["deployed_model_id"], jnp.round(audit["predictions"], 3))
    return None
