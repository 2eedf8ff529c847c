# label: ok
# flax-error: none
# class: 4 the ingest scan body works on Session's model and nnx.Optimizer, reached as service.pool -> Session; their nnx.split state is the scan carry, merged in the body
"""Contactless card-fraud scorer that keeps learning online: each merchant gets a
session (model + optimizer) from a pool, and every batch of labelled taps that
arrives is folded into the merchant's model."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class TapScorer(nnx.Module):
    def __init__(self, n_features, rngs):
        self.proj = nnx.Linear(n_features, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, taps):
        return self.head(nnx.relu(self.norm(self.proj(taps))))[..., 0]


class Session:
    def __init__(self, merchant, n_features, seed):
        self.merchant = merchant
        self.model = TapScorer(n_features, nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(1e-3), wrt=nnx.Param)

    @staticmethod
    def learn(model, optimizer, taps, labels):
        def loss_fn(model):
            logits = model(taps)
            return optax.sigmoid_binary_cross_entropy(logits, labels).mean()

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return loss


class SessionPool:
    def __init__(self, n_features):
        self.n_features = n_features
        self._sessions = {}

    def acquire(self, merchant):
        if merchant not in self._sessions:
            self._sessions[merchant] = Session(merchant, self.n_features, seed=len(self._sessions))
        return self._sessions[merchant]


class FraudService:
    def __init__(self, pool):
        self.pool = pool

    def ingest(self, merchant, taps, labels):
        session = self.pool.acquire(merchant)
        graphdef, state = nnx.split((session.model, session.optimizer))

        def on_arrival(carry, batch):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss = Session.learn(model, optimizer, x, y)
            return (nnx.state((model, optimizer)), total + loss), loss

        (state, total), losses = jax.lax.scan(on_arrival, (state, jnp.float32(0.0)), (taps, labels))
        nnx.update((session.model, session.optimizer), state)
        return total / taps.shape[0]


def main():
    service = FraudService(SessionPool(n_features=7))
    taps = jax.random.normal(jax.random.key(0), (10, 32, 7))
    labels = (taps[..., 0] > 1.0).astype(jnp.float32)
    service.ingest("merchant-381", taps, labels)
    return None
