# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the Deployment's ModelProxy is handed the module merged in the scan body (self.proxy.swap(m)) and serves it after the loop
"""Solar inverter fault detection: the deployed fault scorer is adapted on the
morning's telemetry and served to the monitoring dashboard through a proxy."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class FaultScorer(nnx.Module):
    def __init__(self, n_in, rngs):
        self.l1 = nnx.Linear(n_in, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))[..., 0]


class ModelProxy:
    """Forwards calls to whichever model version is currently live."""

    def __init__(self, target):
        self._target = target

    def swap(self, target):
        self._target = target

    def __call__(self, x):
        return self._target(x)


class Deployment:
    def __init__(self, model, lr=0.05):
        self.proxy = ModelProxy(model)
        self.lr = lr

    def adapt(self, model, telemetry, faults):
        graphdef, state = nnx.split(model)

        def body(state, batch):
            x, y = batch
            m = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(lambda m: ((m(x) - y) ** 2).mean())(m)
            params = nnx.state(m, nnx.Param)
            nnx.update(m, jax.tree.map(lambda p, g: p - self.lr * g, params, grads))
            self.proxy.swap(m)
            return nnx.state(m), loss

        state, losses = lax.scan(body, state, (telemetry, faults))
        return losses


def main():
    telemetry = jax.random.normal(jax.random.key(0), (6, 10, 5))  # 6 batches, 10 inverters
    faults = (telemetry[..., 2] > 1.0).astype(jnp.float32)
    model = FaultScorer(5, nnx.Rngs(1))
    deployment = Deployment(model)
    deployment.adapt(model, telemetry, faults)
    dashboard = deployment.proxy(telemetry[-1])
    print(dashboard.shape)
    return None
