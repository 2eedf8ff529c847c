# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 shadow router -> shadow model; the scan body appends the shadow predictions to a Python list on the router, read after the loop
"""Shadow model deployment: serve the primary, log what the shadow would have said."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Scorer(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(6, 12, rngs=rngs)
        self.l2 = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.l2(nnx.tanh(self.l1(x))))


class ShadowRouter:
    def __init__(self, primary, shadow):
        self.primary = primary
        self.shadow = shadow
        self.shadow_log = []

    def serve(self, traffic):
        def body(_, x):
            served = self.primary(x)
            self.shadow_log.append(self.shadow(x))
            return None, served

        _, served = jax.lax.scan(body, None, traffic)
        return served

    def report(self, served):
        shadow = jnp.stack(self.shadow_log)
        return {"agreement": jnp.mean((shadow > 0.5) == (served > 0.5))}


def main():
    router = ShadowRouter(Scorer(nnx.Rngs(0)), Scorer(nnx.Rngs(1)))
    traffic = jax.random.normal(jax.random.PRNGKey(2), (4, 3, 6))
    served = router.serve(traffic)
    router.report(served)
    return None
