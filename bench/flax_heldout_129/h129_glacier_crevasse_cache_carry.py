# label: ok
# flax-error: none
# class: 4 probe.service params are read through the lazily initialised property before the loop and travel in the while_loop state into service.depth_increment()
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

    def depth_increment(self, echo, params=None):
        params = self.params if params is None else params
        return self.model.apply({"params": params}, echo)


class CrevasseProbe:
    def __init__(self, service: SurveyService, max_pings: int = 25):
        self.service = service
        self.max_pings = max_pings

    def descend(self, echo, target_depth):
        def cond(state):
            depth, pings, _ = state
            return (depth < target_depth) & (pings < self.max_pings)

        def body(state):
            depth, pings, params = state
            step = self.service.depth_increment(echo * (1.0 + 0.1 * depth), params).mean()
            return depth + step, pings + 1, params

        init = (jnp.zeros(()), jnp.zeros((), jnp.int32), self.service.params)
        depth, pings, _ = lax.while_loop(cond, body, init)
        return depth, pings


def main():
    echo = jax.random.normal(jax.random.key(9), (5, 6))
    service = SurveyService(EchoDepthNet(), seed=0, sample_echo=echo)
    probe = CrevasseProbe(service)
    depth, pings = probe.descend(echo, target_depth=4.0)
    final = service.depth_increment(echo)
    assert final.shape == (5,)
    return None
