# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 SessionRiskModel.score_session scans over card events; the body calls self.head, a RiskHead that sows each step's risk into 'intermediates'
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class EventFeatures:
    """Card-present / card-not-present session events to dense features."""

    def __init__(self, n_merchant_buckets=4):
        self.n_merchant_buckets = n_merchant_buckets

    def __call__(self, amounts, merchant_ids, card_present):
        buckets = jax.nn.one_hot(merchant_ids % self.n_merchant_buckets, self.n_merchant_buckets)
        return jnp.concatenate([jnp.log1p(amounts)[..., None], buckets, card_present[..., None]], axis=-1)


class RiskHead(nn.Module):
    width: int = 8

    @nn.compact
    def __call__(self, h):
        risk = nn.sigmoid(nn.Dense(1)(nn.relu(nn.Dense(self.width)(h))))[..., 0]
        self.sow("intermediates", "step_risk", risk)
        return risk


class SessionRiskModel(nn.Module):
    width: int = 8

    def setup(self):
        self.mix = nn.Dense(self.width)
        self.head = RiskHead(self.width)

    def __call__(self, event):
        return self.head(jnp.tanh(self.mix(event)))

    def score_session(self, events):
        def step(acc, event):
            risk = self.head(jnp.tanh(self.mix(event)))
            return jnp.maximum(acc, risk), risk

        peak, _ = lax.scan(step, jnp.zeros(events.shape[1]), events)
        return peak


class FraudReviewService:
    def __init__(self, features, model, params):
        self.features = features
        self.model = model
        self.params = params

    def review(self, amounts, merchant_ids, card_present):
        events = self.features(amounts, merchant_ids, card_present)
        peak, state = self.model.apply(
            self.params, events, method=SessionRiskModel.score_session, mutable=["intermediates"]
        )
        (step_risk,) = state["intermediates"]["head"]["step_risk"]
        trend = jnp.mean(step_risk[-2:]) - jnp.mean(step_risk[:2])
        return peak, trend


def main():
    features = EventFeatures()
    model = SessionRiskModel()
    amounts = jnp.array([[12.0, 80.0], [15.0, 420.0], [9.5, 999.0], [30.0, 1500.0]])
    merchant_ids = jnp.array([[1, 7], [1, 7], [2, 9], [1, 9]])
    card_present = jnp.array([[1.0, 0.0], [1.0, 0.0], [1.0, 0.0], [1.0, 0.0]])
    params = model.init(jax.random.key(11), features(amounts, merchant_ids, card_present)[0])
    service = FraudReviewService(features, model, {"params": params["params"]})
    peak, trend = service.review(amounts, merchant_ids, card_present)
    jax.block_until_ready((peak, trend))
    return None
