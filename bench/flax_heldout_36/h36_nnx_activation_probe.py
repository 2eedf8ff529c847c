# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the model records hidden activations into a module-level PROBES registry (plain Python) while a raw scan body runs the merged model; the probe is summarised after the loop
import jax
import jax.numpy as jnp
from flax import nnx


class ActivationProbe:
    def __init__(self):
        self.records = []

    def record(self, h):
        self.records.append(jnp.mean(jnp.abs(h)))

    def summary(self):
        return jnp.stack(self.records).mean()


PROBES = {}


class ProbedMLP(nnx.Module):
    def __init__(self, din, *, rngs: nnx.Rngs, probe_name="mlp"):
        self.fc1 = nnx.Linear(din, 8, rngs=rngs)
        self.fc2 = nnx.Linear(8, din, rngs=rngs)
        self.probe_name = probe_name

    def __call__(self, x):
        h = nnx.relu(self.fc1(x))
        if self.probe_name in PROBES:
            PROBES[self.probe_name].record(h)
        return x + self.fc2(h)


def iterate(model, x, n_steps):
    graphdef, state = nnx.split(model)

    def body(x, _):
        m = nnx.merge(graphdef, state)
        return m(x), None

    x, _ = jax.lax.scan(body, x, None, length=n_steps)
    return x


def main():
    PROBES["mlp"] = ActivationProbe()
    model = ProbedMLP(3, rngs=nnx.Rngs(0))
    iterate(model, jnp.ones((2, 3)), 4)
    PROBES["mlp"].summary()
    return None
