# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 probe.service.depth_increment() reads the service's lazily initialised params property, first touched inside the while_loop body
"""Ground-penetrating radar descent planning for glacier crevasse surveys.

The survey service hides its network behind a lazily initialised parameter cache; the probe
asks it for depth increments until the target depth is reached.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class EchoDepthNet(nn.Module):
    hidden: int = 10

    @nn.compact
    def __call__(self, echo):
        h = nn.relu(nn.Dense(self.hidden)(echo))
        return nn.softplus(nn.Dense(1)(h))[..., 0]


class SurveyService:
    def __init__(self, model: EchoDepthNet, seed: int, sample_echo):
        self.model = model
        self.seed = seed
        self.sample_echo = sample_echo
        self._params = None

    @property
    def params(self):
        if self._params is None:
            variables = self.model.init(jax.random.key(self.seed), self.sample_echo)
            self._params = variables["params"]
        return self._params

    def depth_increment(self, echo):
        return self.model.apply({"params": self.params}, echo)


class CrevasseProbe:
    def __init__(self, service: SurveyService, max_pings: int = 25):
        self.service = service
        self.max_pings = max_pings

    def descend(self, echo, target_depth):
        def cond(state):
            depth, pings = state
            return (depth < target_depth) & (pings < self.max_pings)

        def body(state):
            depth, pings = state
            step = self.service.depth_increment(echo * (1.0 + 0.1 * depth)).mean()
            return depth + step, pings + 1

        return lax.while_loop(cond, body, (jnp.zeros(()), jnp.zeros((), jnp.int32)))


def main():
    echo = jax.random.normal(jax.random.key(9), (5, 6))
    service = SurveyService(EchoDepthNet(), seed=0, sample_echo=echo)
    probe = CrevasseProbe(service)
    depth, pings = probe.descend(echo, target_depth=4.0)
    final = service.depth_increment(echo)
    assert final.shape == (5,)
    return None
