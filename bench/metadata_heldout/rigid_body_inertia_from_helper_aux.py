# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 1 brax-style system keeps an inertia matrix built by a helper in an aux-data dict; each episode builds a new system
import jax
import jax.numpy as jnp


def compute_inertia(masses):
    return jnp.diag(masses)


@jax.tree_util.register_pytree_node_class
class System:
    def __init__(self, velocity, inertia, dt):
        self.velocity = velocity
        self.inertia = inertia
        self.dt = dt

    def tree_flatten(self):
        return (self.velocity,), {"inertia": self.inertia, "dt": self.dt}

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], **aux)


def physics_step(system, force):
    acceleration = jnp.linalg.solve(system.inertia, force)
    return System(system.velocity + system.dt * acceleration, system.inertia, system.dt)


step_fn = jax.jit(physics_step)


def main():
    for episode in range(3):
        system = System(jnp.zeros(3), compute_inertia(jnp.array([1.0, 2.0, 3.0])), 0.01)
        for _ in range(2):
            system = step_fn(system, jnp.ones(3))
