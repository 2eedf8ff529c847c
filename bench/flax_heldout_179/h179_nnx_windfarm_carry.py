# label: ok
# flax-error: none
# class: 4 the while_loop body of the yaw scheduler carries the value of self.tracker.ema (a Variable subclass on a tracker module) in the loop state, written back after the loop
"""Wind farm yaw scheduling: steers turbines until the smoothed wake loss settles."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class WakeEMA(nnx.Variable):
    """Exponential moving average of the wake loss, excluded from the params."""


class WakeTracker(nnx.Module):
    def __init__(self, n_turbines: int):
        self.ema = WakeEMA(jnp.zeros((n_turbines,)))


class YawModel(nnx.Module):
    def __init__(self, n_turbines: int, rngs: nnx.Rngs):
        self.lin = nnx.Linear(2 * n_turbines, n_turbines, rngs=rngs)

    def __call__(self, yaw, wind):
        return nnx.softplus(self.lin(jnp.concatenate([yaw, wind])))


class YawController:
    def __init__(self, model: YawModel):
        self.model = model


class YawScheduler:
    def __init__(self, controller: YawController, tracker: WakeTracker, tol: float = 1e-3):
        self.controller = controller
        self.tracker = tracker
        self.tol = tol

    def settle(self, yaw, wind, max_iter: int = 20):
        def unsettled(state):
            it, _, _, delta = state
            return (it < max_iter) & (delta > self.tol)

        def adjust(state):
            it, yaw, ema, _ = state
            loss = self.controller.model(yaw, wind)
            new_ema = 0.9 * ema + 0.1 * loss
            delta = jnp.abs(new_ema - ema).max()
            return it + 1, yaw - 0.05 * jnp.tanh(loss), new_ema, delta

        init = (0, yaw, self.tracker.ema[...], jnp.array(jnp.inf))
        it, yaw, ema, _ = lax.while_loop(unsettled, adjust, init)
        self.tracker.ema[...] = ema
        return yaw


def main():
    n = 5
    scheduler = YawScheduler(YawController(YawModel(n, nnx.Rngs(0))), WakeTracker(n))
    scheduler.settle(jnp.zeros((n,)), jnp.linspace(6.0, 9.0, n) / 10.0).block_until_ready()
    return None


if __name__ == "__main__":
    main()
