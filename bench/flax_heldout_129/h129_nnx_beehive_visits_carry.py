# label: ok
# flax-error: none
# class: 2 the local net is split before the while_loop; its state (with the FrameVisits counter) travels in the loop state and is merged in the body
"""Hive-acoustics swarm alarm for a beekeeping co-operative.

The network scores the hum of each frame; the alarm loop keeps listening until the swarm score
passes the threshold or the budget of listening windows is spent.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class FrameVisits(nnx.Variable):
    """How many listening windows the network has scored (kept for the hive log)."""


class HiveHumNet(nnx.Module):
    def __init__(self, bands: int, rngs: nnx.Rngs):
        self.bands = nnx.Linear(bands, 8, rngs=rngs)
        self.score = nnx.Linear(8, 1, rngs=rngs)
        self.visits = FrameVisits(jnp.zeros((), jnp.int32))

    def __call__(self, spectrum):
        self.visits[...] += 1
        return nnx.sigmoid(self.score(nnx.gelu(self.bands(spectrum))))[..., 0].mean()


def main():
    net = HiveHumNet(10, nnx.Rngs(4))
    spectrum = jax.random.uniform(jax.random.key(2), (6, 10))
    threshold, budget = 0.9, 30
    graphdef, state = nnx.split(net)

    def cond(carry):
        score, window, _ = carry
        return (score < threshold) & (window < budget)

    def body(carry):
        score, window, state = carry
        net = nnx.merge(graphdef, state)
        gain = 1.0 + 0.05 * window.astype(jnp.float32)
        score = net(spectrum * gain)
        return score, window + 1, nnx.state(net)

    init = (jnp.zeros(()), jnp.zeros((), jnp.int32), state)
    score, windows, state = jax.lax.while_loop(cond, body, init)
    nnx.update(net, state)
    assert int(windows) <= budget
    return None
