# label: ok
# flax-error: none
# class: 1 SignalAspectNet.replay_block, a method of the module that owns the BatchNorm, runs the fori_loop over itself after model.eval()
"""Railway interlocking replay: a network predicts signal aspects (red/yellow/green) for a batch
of block sections from track-circuit occupancy; the interlocking service replays a recorded
sequence of ticks through the network."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class SignalAspectNet(nnx.Module):
    def __init__(self, n_inputs, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_inputs + 3, 12, rngs=rngs)
        self.norm = nnx.BatchNorm(12, momentum=0.9, rngs=rngs)
        self.aspect = nnx.Linear(12, 3, rngs=rngs)

    def __call__(self, x):
        return self.aspect(nnx.relu(self.norm(self.proj(x))))

    def replay_block(self, occupancy):
        def tick(i, aspects):
            x = jnp.concatenate([occupancy[i], aspects], axis=-1)
            return jax.nn.softmax(self(x), axis=-1)

        start = jnp.full((occupancy.shape[1], 3), 1.0 / 3.0)
        return jax.lax.fori_loop(0, occupancy.shape[0], tick, start)


class InterlockingService:
    def __init__(self, net, route_names):
        self.net = net
        self.route_names = route_names

    def replay(self, occupancy):
        aspects = self.net.replay_block(occupancy)
        return {name: aspects[k] for k, name in enumerate(self.route_names)}


def main():
    net = SignalAspectNet(n_inputs=4, rngs=nnx.Rngs(0))
    net.eval()
    service = InterlockingService(net, ['up-main', 'down-main', 'loop-1', 'siding'])
    occupancy = (jnp.arange(10 * 4 * 4).reshape(10, 4, 4) % 3 == 0).astype(jnp.float32)
    result = service.replay(occupancy)
    jax.block_until_ready(result)
    return None
