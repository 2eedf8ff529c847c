# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 PredictHandler holds model.bind(variables, mutable=["batch_stats"]); the bound module is called in the scan body and its stats read afterwards
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
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def handle(self, request):
        def body(_, fp):
            return None, self.bound(fp)

        _, preds = jax.lax.scan(body, None, request["fingerprints"])
        return {"logp": preds, "batch_stats": self.bound.variables["batch_stats"]}


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
