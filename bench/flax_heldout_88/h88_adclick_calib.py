# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "pos" in "/" because collection "calib" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 an online CTR service keeps a functools.partial of model.apply on the object and replays the click log through a raw lax.scan whose body updates the calibration collection without making it mutable
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class CTRModel(nn.Module):
    n_features: int = 1000
    dim: int = 8

    @nn.compact
    def __call__(self, ids, clicks=None):
        emb = nn.Embed(self.n_features, self.dim)(ids).sum(axis=1)
        logit = nn.Dense(1)(emb)[:, 0]
        pos = self.variable("calib", "pos", lambda: jnp.ones(()))
        seen = self.variable("calib", "seen", lambda: jnp.full((), 2.0))
        if clicks is not None:
            pos.value = pos.value + clicks.sum()
            seen.value = seen.value + clicks.shape[0]
        prior = jnp.log(pos.value / (seen.value - pos.value))
        return jax.nn.sigmoid(logit + prior)


class OnlineCTRService:
    def __init__(self, model, sample_ids):
        self.variables = model.init(jax.random.key(0), sample_ids)
        self._predict = functools.partial(model.apply)

    def replay(self, log_ids, log_clicks):
        def body(loss, batch):
            ids, clicks = batch
            p = self._predict(self.variables, ids, clicks)
            bce = -(clicks * jnp.log(p) + (1 - clicks) * jnp.log1p(-p)).mean()
            return loss + bce, None

        loss, _ = jax.lax.scan(body, jnp.zeros(()), (log_ids, log_clicks))
        return loss


def main():
    ids = jnp.arange(5 * 16 * 3).reshape(5, 16, 3) % 1000
    clicks = (jnp.arange(5 * 16).reshape(5, 16) % 7 == 0).astype(jnp.float32)
    OnlineCTRService(CTRModel(), ids[0]).replay(ids, clicks)
    return None
