# label: ok
# flax-error: none
# class: 3 PredictHandler carries batch_stats through the scan and calls model.apply(..., mutable=["batch_stats"]) in the body
import jax
import jax.numpy as jnp
from flax import linen as nn


class PropertyNet(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, fp):
        h = nn.Dense(self.hidden)(fp)
        h = nn.BatchNorm(use_running_average=False)(h)
        h = nn.gelu(h)
        return nn.Dense(1)(h)[..., 0]


class PredictHandler:
    """POST /predict: scores every batch of fingerprints in the request."""

    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def handle(self, request):
        def body(stats, fp):
            preds, updates = self.model.apply(
                {"params": self.params, "batch_stats": stats}, fp, mutable=["batch_stats"]
            )
            return updates["batch_stats"], preds

        self.batch_stats, preds = jax.lax.scan(body, self.batch_stats, request["fingerprints"])
        return {"logp": preds, "batch_stats": self.batch_stats}


class Router:
    def __init__(self):
        self.routes = {}

    def register(self, path, handler):
        self.routes[path] = handler

    def dispatch(self, path, request):
        response = self.routes[path].handle(request)
        drift = jax.tree.map(lambda s: jnp.abs(s).mean(), response["batch_stats"])
        return {"logp": response["logp"], "drift": drift}


def main():
    model = PropertyNet()
    fps = jnp.ones((4, 8, 16))
    variables = model.init(jax.random.PRNGKey(0), fps[0])
    router = Router()
    router.register("/predict", PredictHandler(model, variables))
    router.dispatch("/predict", {"fingerprints": fps})
    return None
