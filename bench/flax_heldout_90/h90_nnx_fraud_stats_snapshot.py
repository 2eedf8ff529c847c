# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 StreamingDetector's CheckpointHook keeps nnx.state of the model merged inside the scan body; restore_latest() nnx.update()s it into the live model
import jax
import jax.numpy as jnp
from flax import nnx


class RunningMoments(nnx.Variable):
    pass


class FraudNet(nnx.Module):
    def __init__(self, n_feat, *, rngs: nnx.Rngs, momentum=0.99):
        self.mean = RunningMoments(jnp.zeros((n_feat,)))
        self.var = RunningMoments(jnp.ones((n_feat,)))
        self.momentum = momentum
        self.score = nnx.Linear(n_feat, 1, rngs=rngs)

    def __call__(self, x):
        m = self.momentum
        self.mean.value = m * self.mean.value + (1 - m) * x.mean(0)
        self.var.value = m * self.var.value + (1 - m) * x.var(0)
        z = (x - self.mean.value) / jnp.sqrt(self.var.value + 1e-6)
        return jax.nn.sigmoid(self.score(z))[..., 0]


class CheckpointHook:
    def __init__(self):
        self.latest = None

    def after_window(self, state):
        self.latest = state


class StreamingDetector:
    def __init__(self, model, hook):
        self.model = model
        self.hook = hook

    def run(self, windows):
        graphdef, state = nnx.split(self.model)

        def body(state, window):
            model = nnx.merge(graphdef, state)
            scores = model(window)
            state = nnx.state(model)
            self.hook.after_window(state)
            return state, scores

        _, scores = jax.lax.scan(body, state, windows)
        return scores

    def restore_latest(self):
        nnx.update(self.model, self.hook.latest)


def main():
    model = FraudNet(5, rngs=nnx.Rngs(0))
    windows = jax.random.normal(jax.random.PRNGKey(1), (6, 16, 5))
    detector = StreamingDetector(model, CheckpointHook())
    detector.run(windows)
    detector.restore_latest()
    model.eval()
    model(windows[0])
    return None
