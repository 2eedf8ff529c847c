# label: ok
# flax-error: none
# class: 5 make_rollout(model) returns a jax.checkpoint-wrapped step closing over the model, switched to eval mode before the rollout; scan runs the wrapped step
"""Coffee roaster profile simulator: a curve model predicts the bean-temperature rise
for each burner setting; the rollout step is rematerialised with jax.checkpoint so
long roast profiles fit in memory when differentiated."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class RoastCurveNet(nnx.Module):
    def __init__(self, rngs):
        self.inp = nnx.Linear(3, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, features):
        return self.out(nnx.silu(self.norm(self.inp(features))))[..., 0]


def make_rollout(model, dt=0.5):
    @jax.checkpoint
    def step(bean_temp, burner):
        features = jnp.stack([bean_temp / 200.0, burner, jnp.ones_like(burner)], axis=-1)
        rise = model(features)
        bean_temp = bean_temp + dt * rise
        return bean_temp, bean_temp

    return step


def simulate_profile(model, charge_temp, burner_schedule):
    model.eval()
    step = make_rollout(model)
    _, curve = lax.scan(step, charge_temp, burner_schedule)
    return curve


def main():
    model = RoastCurveNet(nnx.Rngs(0))
    charge = jnp.full((4,), 180.0)
    schedule = jax.random.uniform(jax.random.key(1), (20, 4))
    simulate_profile(model, charge, schedule).block_until_ready()
    return None
